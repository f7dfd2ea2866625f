import { runService } from '@hackclass/http';
import { buildApiServer } from './server';

await runService(buildApiServer);
