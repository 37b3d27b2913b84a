/**
 * The text of every style emotion (MUI's styling engine) has inserted into the page: what a
 * component styled by a CSS module must leave unchanged as it renders.
 */
export const insertedStyles = () =>
  [...document.querySelectorAll('style[data-emotion]')].map((tag) => tag.textContent).join('');
