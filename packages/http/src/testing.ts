export { freePort } from './free-port';
export { parsePrometheusText, type Sample, sampleSum } from './prometheus-text';
export { serviceOnTestDatabase } from './test-service';
