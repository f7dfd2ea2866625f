import { runService } from '@hackclass/http';
import { buildIdentityServer } from './server';

await runService(buildIdentityServer);
