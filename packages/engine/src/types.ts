/** The ids every target container and network carries as labels. */
export interface TargetLabels {
  targetId: string;
  labId: string;
  userId: string;
  classroomId: string;
}

export interface TargetLaunch extends TargetLabels {
  /** A Docker reference: `registry.school.example/labs/sqli:3` or a local image. */
  image: string;
  /** The port the image serves. */
  containerPort: number;
  /** Chosen by the caller from LAB_PORT_RANGE; published on the driver's bind address only. */
  hostPort: number;
  /** Includes HACKCLASS_FLAG in per-student mode. */
  env: Record<string, string>;
  memoryMb: number;
  cpus: number;
  pids: number;
  /** May the target open connections beyond its own network. */
  outbound: boolean;
}

export interface TargetContainer extends TargetLabels {
  containerId: string;
  running: boolean;
  exitCode: number | null;
  oomKilled: boolean;
  startedAt: Date | null;
}

export type ImageCheck =
  | { status: 'present'; message: string }
  | { status: 'pullable'; message: string }
  | { status: 'missing'; message: string };

/** Whether the host firewall keeps targets from the host and, without outbound, from anywhere. */
export interface IsolationReport {
  guarded: boolean;
  message: string;
}

export interface TargetDriver {
  readonly name: string;
  /** Throws EngineError engine_unreachable. */
  ping(): Promise<void>;
  checkImage(image: string): Promise<ImageCheck>;
  /** Pulls the image if absent; throws EngineError, having removed what it made. */
  start(launch: TargetLaunch): Promise<{ containerId: string }>;
  inspect(targetId: string): Promise<TargetContainer | undefined>;
  /** Idempotent: afterwards the target's container and network are gone. */
  stop(targetId: string): Promise<void>;
  /** Every target container of this deployment. */
  list(): Promise<TargetContainer[]>;
  /**
   * The target ids of this deployment's networks, with a container or not (a start cut short
   * between the two leaves a network alone); `stop` removes them.
   */
  networks(): Promise<string[]>;
  /** The last word on the host firewall guard (see README, "Isolation"). */
  isolation?(): Promise<IsolationReport>;
  close(): Promise<void>;
}
