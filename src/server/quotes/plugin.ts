import fp from 'fastify-plugin';
import { quoteRoutes } from './routes.js';

/** The price of a stay from the content's prices (docs/decisions/0013-prices-and-quotes.md). */
export const quotesFeature = fp(
  async (app) => {
    await app.register(quoteRoutes);
  },
  { name: 'quotes', dependencies: ['calendar', 'content'] },
);
