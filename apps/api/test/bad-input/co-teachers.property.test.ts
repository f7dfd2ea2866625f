import { badInputSuite } from './suite';

badInputSuite('coTeachers');
