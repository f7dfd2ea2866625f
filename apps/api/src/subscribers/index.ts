import type { ServiceMetrics } from '@hackclass/http';
import type { Dispatcher } from '../domain-events/dispatcher';
import type { ClassroomEvents } from '../events/classroom-events';
import type { UserEvents } from '../events/user-events';
import type { MailQueue } from '../mail/mail-queue';
import type { TargetService } from '../targets/service';
import { liveClassroom } from './live-classroom';
import { liveNotifications } from './live-notifications';
import { mailWake } from './mail-wake';
import { productMetrics } from './product-metrics';
import { targetRelease } from './target-release';

export interface SubscribedServices {
  classroomEvents: ClassroomEvents;
  userEvents: UserEvents;
  mail: MailQueue;
  targets: TargetService;
  metrics: ServiceMetrics;
}

/** Every channel the API's committed changes go out on: a new channel is one more line. */
export function subscribeAll(dispatcher: Dispatcher, services: SubscribedServices): void {
  dispatcher.subscribe(liveClassroom(services.classroomEvents));
  dispatcher.subscribe(liveNotifications(services.userEvents));
  dispatcher.subscribe(mailWake(services.mail));
  dispatcher.subscribe(targetRelease(services.targets));
  dispatcher.subscribe(productMetrics(services.metrics));
}
