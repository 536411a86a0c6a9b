// What other survey parts use of text reviews: the way to the review queue, with its pending count.
export { TextReviewsLink } from './components/text-reviews-link';
