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
import { implement } from '../../platform/callables';
import * as blog from './blog.service';

/** The blog's API: reading for everyone, writing for admins (the router checks `access: 'admin'`). */
export const blogCallables = [
  implement(listArticles, (input, ctx) => blog.listArticles(ctx, input)),
  implement(getArticle, (input, ctx) => blog.getArticle(ctx, input)),
  implement(listArticleSitemapEntries, (_input, ctx) => blog.listSitemapEntries(ctx)),
  implement(listArticlesForAdmin, (_input, ctx) => blog.listForAdmin(ctx)),
  implement(getArticleForAdmin, (input, ctx) => blog.getForAdmin(ctx, input.id)),
  implement(createArticle, (input, ctx) => blog.createArticle(ctx, input)),
  implement(updateArticle, (input, ctx) => blog.updateArticle(ctx, input)),
  implement(publishArticle, (input, ctx) => blog.publishArticle(ctx, input)),
  implement(unpublishArticle, (input, ctx) => blog.unpublishArticle(ctx, input)),
  implement(deleteArticle, (input, ctx) => blog.deleteArticle(ctx, input)),
  implement(previewMarkdown, (input) => Promise.resolve(blog.previewMarkdown(input))),
];
