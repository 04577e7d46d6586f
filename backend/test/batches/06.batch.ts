import { runBatch } from './batches';

runBatch(6);
