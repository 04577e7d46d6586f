import { runBatch } from './batches';

runBatch(10);
