import { runBatch } from './batches';

runBatch(7);
