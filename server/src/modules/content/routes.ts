import { contentApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/contract.ts';
import { blogPage, blogTags, getPost } from './blog.ts';
import { getHelpDoc, helpCategories, helpPage } from './help.ts';

/** The blog and the help centre, public, in the caller's language (Accept-Language). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  route(app, contentApi.blogPage, (request) => blogPage(app.db, request.locale, request.query));
  route(app, contentApi.blogTags, () => blogTags(app.db));
  route(app, contentApi.blogGet, (request) => getPost(app.db, request.locale, request.query.slug));
  route(app, contentApi.helpCenterPage, (request) => helpPage(app.db, request.locale, request.query));
  route(app, contentApi.helpCenterGet, (request) => getHelpDoc(app.db, request.locale, request.query.id));
  route(app, contentApi.helpCenterCategories, () => helpCategories(app.db));
}
