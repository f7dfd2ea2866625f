import { badInputSuite } from './suite';

badInputSuite('webVitals');
