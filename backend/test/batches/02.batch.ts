import { runBatch } from './batches';

runBatch(2);
