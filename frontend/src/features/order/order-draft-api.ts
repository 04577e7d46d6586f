import type { DraftPatch, DraftPhoto, DraftSnapshot } from './draft-model';
import type { BillingValues, PlanType } from './order-wizard';

/** The calls the wizard makes on its draft (the real one wraps the generated client; tests give a fake). */
export interface OrderDraftApi {
  create(planType: PlanType): Promise<DraftSnapshot>;
  update(id: string, patch: DraftPatch): Promise<DraftSnapshot>;
  uploadPhoto(id: string, file: File, options: { onProgress: (fraction: number) => void; signal: AbortSignal }): Promise<DraftPhoto>;
  deletePhoto(id: string, photoId: string): Promise<void>;
  /** Opens the hosted checkout of the draft: its address. */
  /** `consumerRequest`: a private individual's express request that the work start now (decision 0022) */
  checkout(id: string, billing: BillingValues, consumerRequest: boolean): Promise<{ url: string }>;
}
