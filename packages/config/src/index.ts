export { ConfigError, type Env, loadConfig, readEnv } from './load-config';
export { type ServerConfig, serverConfigSchema } from './server-config';
