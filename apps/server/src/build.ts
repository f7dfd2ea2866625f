import { relative } from 'node:path';
import { bundleServer } from './bundle';

const main = await bundleServer();
console.log(`Built the server: ${relative(process.cwd(), main)}`);
