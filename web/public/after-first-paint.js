// auth.html's one script: the app's code once the prerendered screen has painted (see
// web/prerender.ts), all of the first screen's chunks at once.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  var started = false;

  function loadApp() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }

  var paintTiming =
    'PerformanceObserver' in window &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  // A hidden tab paints nothing; without paint timing, nothing says when: at once.
  if (document.visibilityState !== 'visible' || !paintTiming) {
    loadApp();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(loadApp, 0);
  }).observe({ type: 'paint', buffered: true });
  // The paint never reported: the app starts all the same.
  setTimeout(loadApp, 1000);
})();
