import { badInputSuite } from './suite';

badInputSuite('classrooms');
