import { useMemo } from 'react';
import type { OrderPhotoDto } from '../../api/generated/model';
import { getAddOrderPhotoUrl, useCreateOrderDraft, useDeleteOrderPhoto, useUpdateOrderDraft } from '../../api/generated/orders/orders';
import { useCreateCheckoutSession } from '../../api/generated/billing/billing';
import { uploadWithProgress } from '../../api/http';
import type { OrderDraftApi } from './order-draft-api';

/** The wizard's draft calls over the generated client (photos go through the mutator's upload, for its progress). */
export function useOrderDraftApi(): OrderDraftApi {
  const { mutateAsync: create } = useCreateOrderDraft();
  const { mutateAsync: update } = useUpdateOrderDraft();
  const { mutateAsync: removePhoto } = useDeleteOrderPhoto();
  const { mutateAsync: openCheckout } = useCreateCheckoutSession();

  return useMemo<OrderDraftApi>(
    () => ({
      create: (planType) => create({ data: { planType } }),
      update: (id, data) => update({ id, data }),
      uploadPhoto: (id, file, { onProgress, signal }) => {
        const body = new FormData();
        body.append('file', file);
        return uploadWithProgress<OrderPhotoDto>(getAddOrderPhotoUrl(id), body, { onProgress, signal });
      },
      deletePhoto: (id, photoId) => removePhoto({ id, photoId }),
      checkout: (draftId, billing, consumerRequest) => openCheckout({ data: { draftId, billing, consumerRequest } }),
    }),
    [create, update, removePhoto, openCheckout],
  );
}
