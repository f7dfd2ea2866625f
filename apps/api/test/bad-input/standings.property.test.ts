import { badInputSuite } from './suite';

badInputSuite('standings');
