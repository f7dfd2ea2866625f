/** Every metric of ours is named with it. */
export const METRICS_PREFIX = 'hackclass_';
