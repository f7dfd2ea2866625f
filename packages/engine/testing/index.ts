export { killContainerOf } from './fixtures';
export { buildBoxImage, buildTestImage, buildTestImages, TEST_LABEL, WEB_SCRIPT } from './images';
export { removeTestLeftovers } from './leftovers';
export { testPortWindow } from './ports';
export { canRunRegistry, pushedTestImage, startRegistry, type TestRegistry } from './registry';
