export { builtInIdentitySettings, GOOGLE_ID_TOKEN_JWKS_URL } from './firebase-settings';
export {
  ConfigError,
  type ConfigProblem,
  configProblems,
  type Env,
  isSecretSetting,
  loadConfig,
  maskedValue,
  readEnv,
  readEnvFile,
} from './load-config';
export {
  MAIL_DELIVERY_DEFAULTS,
  type ServerConfig,
  serverConfigSchema,
  serverSettings,
} from './server-config';
