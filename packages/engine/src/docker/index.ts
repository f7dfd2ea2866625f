import type { TargetDriverSettings } from '../types';
import { dockerDriver } from './driver';

/** The Docker driver for the operator's settings (LABS_DRIVER=docker). */
export const createDriver = (settings: TargetDriverSettings) =>
  dockerDriver({
    deploymentId: settings.deploymentId,
    bindAddress: settings.bindAddress,
    exposeTcp:
      settings.tcpBindAddress === undefined
        ? undefined
        : { address: settings.tcpBindAddress, publicHost: settings.publicHost },
    dockerHost: settings.dockerHost,
    subnetPool: settings.subnetPool,
    firewall: settings.firewall,
    diskLimit: settings.diskLimit,
    diskMb: settings.maxDiskMb,
    pullMaxMb: settings.maxImageMb,
    pullTimeoutMs: settings.pullTimeoutMinutes * 60_000,
    outboundAllowed: settings.outboundAllowed,
  });
