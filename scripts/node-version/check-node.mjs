// Stops `npm start` and `npm test` at once, with one line, on a Node.js HackClass does not run on.
import { unsupportedNodeMessage } from './supported-node.mjs';

const message = unsupportedNodeMessage(process.versions.node);
if (message) {
  console.error(message);
  process.exit(1);
}
