import {
  createArticle,
  deleteArticle,
  getArticle,
  getArticleForAdmin,
  listArticles,
  listArticleSitemapEntries,
  listArticlesForAdmin,
  previewMarkdown,
  publishArticle,
  unpublishArticle,
  updateArticle,
} from '#contract/blog';
import { implement, implementByName } from '../../platform/callables';
import * as blog from './blog.service';
import {
  getForAdmin,
  listForAdmin,
  listSitemapEntries,
  previewMarkdown as renderPreview,
} from './blog.service';

/** The blog's API: reading for everyone, writing for admins (the router checks `access: 'admin'`). */
export const blogCallables = [
  ...implementByName(blog, {
    listArticles,
    getArticle,
    createArticle,
    updateArticle,
    publishArticle,
    unpublishArticle,
    deleteArticle,
  }),
  implement(listArticleSitemapEntries, (_input, ctx) => listSitemapEntries(ctx)),
  implement(listArticlesForAdmin, (_input, ctx) => listForAdmin(ctx)),
  implement(getArticleForAdmin, (input, ctx) => getForAdmin(ctx, input.id)),
  implement(previewMarkdown, (input) => Promise.resolve(renderPreview(input))),
];
