import { runBatch } from './batches';

runBatch(12);
