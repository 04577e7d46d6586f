import { runBatch } from './batches';

runBatch(8);
