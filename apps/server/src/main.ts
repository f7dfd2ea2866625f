import { runService } from '@hackclass/http';
import { buildServer } from './server';

await runService((context) => buildServer(context));
