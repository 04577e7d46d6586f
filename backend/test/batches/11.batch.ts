import { runBatch } from './batches';

runBatch(11);
