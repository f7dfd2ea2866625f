import { badInputSuite } from './suite';

badInputSuite('targetTickets');
