import { LABEL } from '../docker/labels';

/**
 * What the engine socket proxy refuses in the bodies the driver sends: every setting that would
 * give a container more than the driver's confinement (spec.ts, box-spec.ts) does, or reach
 * beyond HackClass's own objects. Each answers why, or undefined when the body may pass.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const keys = (value: unknown) => (isObject(value) ? Object.keys(value) : []);

/** Whether engine labels mark an object as HackClass's. */
export const isHackclassObject = (labels: unknown) =>
  isObject(labels) &&
  typeof labels[LABEL.deployment] === 'string' &&
  labels[LABEL.deployment] !== '';

/** HackClass's containers and networks are named `hackclass-…` (names.ts, box-spec.ts). */
const isHackclassName = (name: unknown) =>
  typeof name === 'string' && name.startsWith('hackclass-');

/** Host settings a HackClass container never has, with a value. */
const NEVER_SET = [
  'Binds',
  'Mounts',
  'Devices',
  'DeviceRequests',
  'DeviceCgroupRules',
  'VolumesFrom',
  'Links',
];
/** Namespaces a HackClass container never shares with the host or another container. */
const OWN_NAMESPACES = ['PidMode', 'UTSMode', 'UsernsMode', 'CgroupnsMode', 'Cgroup'];
const ALLOWED_CAPABILITIES = new Set(['NET_RAW']);
const ALLOWED_SECURITY_OPTIONS = new Set(['no-new-privileges:true', 'no-new-privileges']);
const ALLOWED_SYSCTLS = new Set(['net.ipv4.ip_unprivileged_port_start']);

export function containerProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'the container’s settings are not a JSON object';
  if (!isHackclassObject(body.Labels)) return 'the container is not labelled as HackClass’s';
  if (keys(body.Volumes).length > 0) return 'the container asks for volumes';
  const host = isObject(body.HostConfig) ? body.HostConfig : {};
  if (host.Privileged === true) return 'the container asks to be privileged';
  if (!list(host.CapDrop).includes('ALL')) return 'the container keeps capabilities';
  if (list(host.CapAdd).some((capability) => !ALLOWED_CAPABILITIES.has(String(capability)))) {
    return 'the container asks for a capability';
  }
  const security = list(host.SecurityOpt).map(String);
  if (!security.some((option) => ALLOWED_SECURITY_OPTIONS.has(option))) {
    return 'the container may gain privileges';
  }
  if (security.some((option) => !ALLOWED_SECURITY_OPTIONS.has(option))) {
    return 'the container changes its security profile';
  }
  const set = NEVER_SET.find((name) => list(host[name]).length > 0 || keys(host[name]).length > 0);
  if (set) return `the container asks for ${set}`;
  const shared = OWN_NAMESPACES.find(
    (name) => typeof host[name] === 'string' && host[name] !== '' && host[name] !== 'private',
  );
  if (shared) return `the container shares a namespace (${shared})`;
  if (host.IpcMode !== undefined && host.IpcMode !== 'private') {
    return 'the container shares a namespace (IpcMode)';
  }
  if (!isHackclassName(host.NetworkMode)) return 'the container is not on a HackClass network';
  if (keys(host.Sysctls).some((name) => !ALLOWED_SYSCTLS.has(name))) {
    return 'the container sets a kernel parameter';
  }
  if (!(Number(host.Memory) > 0) || !(Number(host.PidsLimit) > 0)) {
    return 'the container has no memory or process limit';
  }
  return undefined;
}

export function networkProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'the network’s settings are not a JSON object';
  if (!isHackclassObject(body.Labels)) return 'the network is not labelled as HackClass’s';
  if (!isHackclassName(body.Name)) return 'the network is not named as HackClass’s';
  if (body.Driver !== 'bridge') return 'the network is not a bridge';
  if (body.ConfigFrom !== undefined || body.ConfigOnly === true) {
    return 'the network takes another’s settings';
  }
  const bridge = isObject(body.Options)
    ? body.Options['com.docker.network.bridge.name']
    : undefined;
  if (typeof bridge !== 'string' || !/^hc[io]/.test(bridge)) {
    return 'the network’s bridge is not named as HackClass’s';
  }
  return undefined;
}

export function execProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'the exec’s settings are not a JSON object';
  if (body.Privileged === true) return 'the exec asks to be privileged';
  return undefined;
}
