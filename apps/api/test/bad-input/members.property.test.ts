import { badInputSuite } from './suite';

badInputSuite('members');
