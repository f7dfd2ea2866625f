import type { TargetDriver, TargetDriverSettings } from './types';

/** What a driver's folder answers: the driver for the operator's settings. */
interface DriverModule {
  createDriver(settings: TargetDriverSettings): TargetDriver;
}

/**
 * The engines live targets run on, by the name LABS_DRIVER gives them. A driver is a folder
 * beside docker/ and a line here; each is loaded only where an operator configures it.
 */
const DRIVERS = {
  docker: () => import('./docker/index'),
} satisfies Record<string, () => Promise<DriverModule>>;

export type TargetDriverName = keyof typeof DRIVERS;

export const TARGET_DRIVER_NAMES = Object.keys(DRIVERS) as [
  TargetDriverName,
  ...TargetDriverName[],
];

/** The named driver, made for the operator's settings. */
export async function createTargetDriver(
  name: TargetDriverName,
  settings: TargetDriverSettings,
): Promise<TargetDriver> {
  const { createDriver } = await DRIVERS[name]();
  return createDriver(settings);
}
