import { runBatch } from './batches';

runBatch(4);
