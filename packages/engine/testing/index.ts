export { killContainerOf } from './fixtures';
export { buildBoxImage, buildTestImage, buildTestImages, TEST_LABEL, WEB_SCRIPT } from './images';
export { removeTestLeftovers } from './leftovers';
export { testPortWindow } from './ports';
export {
  canRunPrivateEngine,
  PRIVATE_ENGINE_SUBNET_POOL,
  type PrivateEngine,
  startPrivateEngine,
} from './private-engine';
export { canRunRegistry, pushedTestImage, startRegistry, type TestRegistry } from './registry';
