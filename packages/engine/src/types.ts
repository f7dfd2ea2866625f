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
  /** Chosen by the caller from LAB_PORT_RANGE; published on `hostAddress` only. */
  hostPort: number;
  /**
   * The host address the port is published on; absent: the driver's bind address, which only
   * HackClass reaches. A TCP target exposed on purpose (LAB_TCP_BIND_ADDRESS) gives its own.
   */
  hostAddress?: string;
  /** Includes HACKCLASS_FLAG in per-student mode. */
  env: Record<string, string>;
  memoryMb: number;
  cpus: number;
  pids: number;
  /** May the target open connections beyond its own network. */
  outbound: boolean;
  /**
   * Whether the engine may pull the image when it lacks it; false refuses the start instead.
   * Absent: it may (the API always says, by the operator's LAB_IMAGE_ALLOW).
   */
  pull?: boolean;
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
  /** `cause`: what the engine or registry said, for the log only. */
  | { status: 'missing'; message: string; cause?: unknown };

/** Whether the host firewall keeps targets from the host and, without outbound, from anywhere. */
export interface IsolationReport {
  guarded: boolean;
  /**
   * The operator said they keep the rules themselves (LABS_FIREWALL=off): targets start
   * unguarded by HackClass. Otherwise a target starts only while `guarded`.
   */
  leftToOperator: boolean;
  message: string;
}

export interface TargetDriver {
  readonly name: string;
  /** Throws EngineError engine_unreachable. */
  ping(): Promise<void>;
  /** Whether the engine has an image of this name; no registry is asked. */
  hasImage(image: string): Promise<boolean>;
  checkImage(image: string): Promise<ImageCheck>;
  /**
   * Pulls the image if absent (`pulled` says so); throws EngineError, having removed what it
   * made.
   */
  start(launch: TargetLaunch): Promise<{ containerId: string; pulled: boolean }>;
  /**
   * Removes the image of this name (its other names keep it) unless a container uses it:
   * answers whether it is gone, which it also is when the engine never had it.
   */
  removeImage(image: string): Promise<boolean>;
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
  /** Checks the guard now, installing rules that went missing (a firewall reload drops them). */
  guardIsolation?(): Promise<IsolationReport>;
  close(): Promise<void>;
}
