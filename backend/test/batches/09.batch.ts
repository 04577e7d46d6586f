import { runBatch } from './batches';

runBatch(9);
