import { runBatch } from './batches';

runBatch(5);
