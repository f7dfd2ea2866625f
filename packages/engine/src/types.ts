import type { Duplex } from 'node:stream';

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
  /**
   * How students reach it: `http` through HackClass's proxy only; `tcp` through its tunnel, and
   * directly too where the operator exposes TCP targets.
   */
  kind: 'http' | 'tcp';
  /** The port the image serves. */
  containerPort: number;
  /**
   * A port of the operator's range (LAB_PORT_RANGE) the caller holds for this target alone, on
   * every replica: a driver that publishes targets on the host publishes it there.
   */
  hostPort: number;
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
  /** The host name its owner's attack box reaches it by (the lab's slug). */
  name?: string;
}

/**
 * A student's attack box: a shell of the operator's image, beside their targets. It is a target
 * to the driver (`stop`, `inspect`, `list` and the labels work alike, with an empty lab id) that
 * publishes no port: its terminal is reached through `BoxDriver.attach`.
 */
export interface BoxLaunch {
  boxId: string;
  userId: string;
  classroomId: string;
  image: string;
  memoryMb: number;
  cpus: number;
  pids: number;
  /** May the box open connections beyond its owner's targets. */
  outbound: boolean;
  pull?: boolean;
}

/** A terminal's size in character cells. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** What a driver that runs attack boxes adds (`TargetDriver.boxes`). */
export interface BoxDriver {
  /** Pulls the image if absent (`pulled` says so) and starts the box's shell. */
  start(launch: BoxLaunch): Promise<{ containerId: string; pulled: boolean }>;
  /**
   * The box's terminal: what its screen showed so far, then live, and what is written to it is
   * typed. Ends when the box stops. Throws EngineError `box_gone` when there is no box.
   */
  attach(boxId: string): Promise<Duplex>;
  /** The box's screen as `attach` gives it, to read only. */
  watch(boxId: string): Promise<NodeJS.ReadableStream>;
  resize(boxId: string, size: TerminalSize): Promise<void>;
  /**
   * Lets the box reach a running target of its owner by the target's `name`; answers false when
   * either is gone.
   */
  join(boxId: string, targetId: string): Promise<boolean>;
  /**
   * Unpacks a tar archive into `folder` of the box's home (made if missing), as the box's user:
   * a lab's files for the student. Throws EngineError `box_gone` when there is no box.
   */
  unpack(boxId: string, folder: string, archive: NodeJS.ReadableStream): Promise<void>;
}

/** Where a connection reaches a target. */
export interface Endpoint {
  host: string;
  port: number;
}

/** Where a started target is reached, as its driver made it. */
export interface TargetReach {
  /** Where HackClass's proxy, tunnel and start-up probe connect; students never reach it. */
  internal: Endpoint;
  /** Where students' own tools connect, for a TCP target the operator exposes. */
  exposed?: Endpoint | undefined;
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
   * Pulls the image if absent (`pulled` says so) and starts the target; answers where it is
   * reached. Throws EngineError, having removed what it made.
   */
  start(
    launch: TargetLaunch,
  ): Promise<{ containerId: string; pulled: boolean; reach: TargetReach }>;
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
  /** Present where the driver runs attack boxes. */
  boxes?: BoxDriver;
  close(): Promise<void>;
}

/**
 * The operator's live-target settings (LAB_*, LABS_*, DOCKER_HOST) as `@hackclass/config` reads
 * them: each driver takes what it needs.
 */
export interface TargetDriverSettings {
  /** This deployment's id: a driver labels what it makes with it, and lists only that. */
  deploymentId: string;
  /** Where target ports are published for HackClass alone. */
  bindAddress: string;
  /** Set where the operator exposes TCP targets to students in plain. */
  tcpBindAddress?: string | undefined;
  /** The host name students use for exposed TCP targets. */
  publicHost: string;
  dockerHost?: string | undefined;
  subnetPool?: string | undefined;
  firewall: 'auto' | 'off';
  diskLimit: 'auto' | 'quota' | 'readonly' | 'off';
  maxDiskMb: number;
  maxImageMb: number;
  pullTimeoutMinutes: number;
  outboundAllowed: string[];
}
