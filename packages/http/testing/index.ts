export { freePort } from '../src/free-port';
export { parsePrometheusText, type Sample, sampleSum } from '../src/prometheus-text';
export { serviceOnTestDatabase } from './test-service';
