import { runBatch } from './batches';

runBatch(1);
