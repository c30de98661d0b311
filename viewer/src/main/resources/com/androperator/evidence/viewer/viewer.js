(function () {
  'use strict';
  var dataElement = document.getElementById('node-data');
  var nodes = dataElement ? JSON.parse(dataElement.textContent) : [];
  var tree = document.getElementById('tree');
  var boxes = document.getElementById('boxes');
  var search = document.getElementById('search');
  var count = document.getElementById('search-count');
  var detail = document.getElementById('detail');
  var outlines = document.getElementById('outlines');
  var rows = [], items = [], rects = [];
  var selected = -1, hovered = -1;

  if (tree) {
    tree.querySelectorAll('li[data-i]').forEach(function (li) {
      var i = +li.getAttribute('data-i');
      items[i] = li;
      rows[i] = li.firstElementChild;
    });
  }
  if (boxes) {
    boxes.querySelectorAll('rect[data-i]').forEach(function (rect) { rects[+rect.getAttribute('data-i')] = rect; });
  }

  function mark(i, css, on) {
    if (i < 0) { return; }
    if (rows[i]) { rows[i].classList.toggle(css, on); }
    if (rects[i]) { rects[i].classList.toggle(css, on); }
  }

  function hover(i) {
    if (i === hovered) { return; }
    mark(hovered, 'hov', false);
    hovered = i;
    mark(hovered, 'hov', true);
  }

  function reveal(i) {
    for (var p = nodes[i] ? nodes[i].p : -1; p >= 0; p = nodes[p] ? nodes[p].p : -1) {
      if (items[p]) { items[p].classList.remove('shut'); }
    }
  }

  function select(i, scroll) {
    mark(selected, 'sel', false);
    selected = i;
    mark(selected, 'sel', true);
    if (i < 0) { showDetail(-1); return; }
    reveal(i);
    showDetail(i);
    if (rows[i]) { rows[i].scrollIntoView({ block: scroll ? 'center' : 'nearest' }); }
  }

  function showDetail(i) {
    while (detail && detail.firstChild) { detail.removeChild(detail.firstChild); }
    if (!detail || i < 0 || !nodes[i]) { return; }
    var table = document.createElement('table');
    table.className = 'grid';
    var attributes = nodes[i].a || {};
    Object.keys(attributes).forEach(function (name) {
      var tr = document.createElement('tr');
      var key = document.createElement('td');
      var value = document.createElement('td');
      key.textContent = name;
      value.textContent = attributes[name];
      value.className = 'mono';
      tr.appendChild(key);
      tr.appendChild(value);
      table.appendChild(tr);
    });
    var title = document.createElement('strong');
    title.textContent = 'Node ' + i + ': ' + (attributes['class'] || nodes[i].e || 'node');
    detail.appendChild(title);
    detail.appendChild(table);
  }

  function indexOf(element, selector) {
    var target = element && element.closest ? element.closest(selector) : null;
    return target ? +target.getAttribute('data-i') : -1;
  }

  if (tree) {
    tree.addEventListener('click', function (event) {
      var toggle = event.target.closest('.tg');
      var i = indexOf(event.target, '.row');
      if (i < 0) { return; }
      if (toggle && items[i].classList.contains('parent')) {
        items[i].classList.toggle('shut');
        return;
      }
      select(i === selected ? -1 : i, false);
    });
    tree.addEventListener('mouseover', function (event) { hover(indexOf(event.target, '.row')); });
    tree.addEventListener('mouseleave', function () { hover(-1); });
  }
  if (boxes) {
    boxes.addEventListener('mouseover', function (event) { hover(indexOf(event.target, 'rect[data-i]')); });
    boxes.addEventListener('mouseleave', function () { hover(-1); });
    boxes.addEventListener('click', function (event) {
      var i = indexOf(event.target, 'rect[data-i]');
      if (i >= 0) { select(i, true); }
    });
  }
  if (outlines && boxes) {
    outlines.addEventListener('change', function () { boxes.classList.toggle('outlines', outlines.checked); });
  }
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { select(-1, false); }
  });

  function matches(node, query) {
    var a = node.a || {};
    return ['text', 'resource-id', 'content-desc'].some(function (name) {
      return typeof a[name] === 'string' && a[name].toLowerCase().indexOf(query) >= 0;
    });
  }

  function filter() {
    var query = search.value.trim().toLowerCase();
    var keep = new Uint8Array(nodes.length);
    var hits = 0;
    if (query) {
      for (var i = 0; i < nodes.length; i++) {
        if (!matches(nodes[i], query)) { continue; }
        hits++;
        keep[i] = 2;
        for (var p = nodes[i].p; p >= 0 && !keep[p]; p = nodes[p].p) { keep[p] = 1; }
      }
    }
    for (var j = 0; j < items.length; j++) {
      if (!items[j]) { continue; }
      items[j].classList.toggle('gone', query !== '' && !keep[j]);
      if (query && keep[j] === 1) { items[j].classList.remove('shut'); }
      rows[j].classList.toggle('hit', keep[j] === 2);
      if (rects[j]) { rects[j].classList.toggle('hit', keep[j] === 2); }
    }
    if (boxes) { boxes.classList.toggle('searching', query !== ''); }
    count.textContent = query ? hits + ' of ' + nodes.length + ' nodes match' : '';
  }
  if (search) { search.addEventListener('input', filter); }

  // The screenshot and the tree fit the first view below the header (and keep that size when sticky).
  var bench = document.querySelector('main.workbench');
  function fit() {
    if (!bench) { return; }
    var free = window.innerHeight - (bench.getBoundingClientRect().top + window.scrollY) - 40;
    var height = Math.max(free, Math.round(window.innerHeight * 0.6));
    document.documentElement.style.setProperty('--fit', height + 'px');
  }
  fit();
  window.addEventListener('resize', fit);
}());
