import {
  createAdminOffer,
  createAdminOfferProduct,
  createAdminPartner,
  deleteAdminOfferProduct,
  getAdminOffer,
  getAdminPartner,
  listAdminOffers,
  listAdminPartners,
  setAdminOfferStatus,
  updateAdminOffer,
  updateAdminOfferProduct,
  updateAdminPartner,
  uploadAdminOfferVisual,
} from '@guichet/contracts';
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { readVisualUpload, registerVisualMultipart } from '../../lib/visual-upload.js';
import {
  addOfferVisual,
  createOffer,
  createOfferProduct,
  deleteOfferProduct,
  listAdminOffers as listOffers,
  requireAdminOffer,
  setOfferStatus,
  updateOffer,
  updateOfferProduct,
} from '../../services/admin/deals-offers.js';
import { createPartner, listPartners, requirePartner, updatePartner } from '../../services/admin/deals-partners.js';
import { storeVisual } from '../../services/uploads/visuals.js';
import { editorOf } from './editor.js';

/** The back office's deals (issue 27): partners, offers, their visuals and products; the guard is routes/admin/index.ts. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await registerVisualMultipart(app);

  app.route({
    ...routeOf(listAdminPartners),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listPartners(db, request.query)), page, pageSize };
    },
  });
  app.route({
    ...routeOf(getAdminPartner),
    handler: async (request) => requirePartner(db, request.params.partnerId),
  });
  app.route({
    ...routeOf(createAdminPartner),
    handler: async (request, reply) => {
      const id = await createPartner(db, editorOf(request), request.body);
      return reply.code(201).send(await requirePartner(db, id));
    },
  });
  app.route({
    ...routeOf(updateAdminPartner),
    handler: async (request) => {
      await updatePartner(db, editorOf(request), request.params.partnerId, request.body);
      return requirePartner(db, request.params.partnerId);
    },
  });

  app.route({
    ...routeOf(listAdminOffers),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listOffers(db, request.query)), page, pageSize };
    },
  });
  app.route({
    ...routeOf(getAdminOffer),
    handler: async (request) => requireAdminOffer(db, request.params.offerId),
  });
  app.route({
    ...routeOf(createAdminOffer),
    handler: async (request, reply) => {
      const id = await createOffer(db, editorOf(request), request.body);
      return reply.code(201).send(await requireAdminOffer(db, id));
    },
  });
  app.route({
    ...routeOf(updateAdminOffer),
    handler: async (request) => {
      await updateOffer(db, editorOf(request), request.params.offerId, request.body);
      return requireAdminOffer(db, request.params.offerId);
    },
  });
  app.route({
    ...routeOf(setAdminOfferStatus),
    handler: async (request) => {
      await setOfferStatus(db, editorOf(request), request.params.offerId, request.body);
      return requireAdminOffer(db, request.params.offerId);
    },
  });
  app.route({
    ...routeOf(uploadAdminOfferVisual),
    handler: async (request, reply) => {
      const { offerId } = request.params;
      // The offer first: no file is read or stored for an offer that does not exist.
      await requireAdminOffer(db, offerId);
      if (!request.isMultipart())
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', VISUAL_UPLOAD_MESSAGES.notMultipart);
      const { bytes, alt } = await readVisualUpload(request);
      const { visual } = await storeVisual(bytes, { directory: app.config.UPLOADS_DIR, alt });
      await addOfferVisual(db, editorOf(request), offerId, visual);
      return reply.code(201).send(await requireAdminOffer(db, offerId));
    },
  });

  app.route({
    ...routeOf(createAdminOfferProduct),
    handler: async (request, reply) => {
      await createOfferProduct(db, editorOf(request), request.params.offerId, request.body);
      return reply.code(201).send(await requireAdminOffer(db, request.params.offerId));
    },
  });
  app.route({
    ...routeOf(updateAdminOfferProduct),
    handler: async (request) => {
      const { offerId, productId } = request.params;
      await updateOfferProduct(db, editorOf(request), offerId, productId, request.body);
      return requireAdminOffer(db, offerId);
    },
  });
  app.route({
    ...routeOf(deleteAdminOfferProduct),
    handler: async (request) => {
      const { offerId, productId } = request.params;
      await deleteOfferProduct(db, editorOf(request), offerId, productId, request.body.updatedAt);
      return requireAdminOffer(db, offerId);
    },
  });
};

export default routes;
