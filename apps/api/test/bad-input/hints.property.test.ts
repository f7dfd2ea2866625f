import { badInputSuite } from './suite';

badInputSuite('hints');
