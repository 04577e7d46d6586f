import { runBatch } from './batches';

runBatch(3);
