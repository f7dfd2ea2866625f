import { badInputSuite } from './suite';

badInputSuite('labs');
