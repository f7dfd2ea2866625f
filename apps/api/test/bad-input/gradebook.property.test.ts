import { badInputSuite } from './suite';

badInputSuite('gradebook');
