// The tracking page's script: draws the order from the page's data block, then follows its
// event stream and draws it again at each change. No other request, no inline script or style.
'use strict';
(function () {
  var data = JSON.parse(document.getElementById('track-data').textContent);
  var texts = data.texts;
  var SVG = 'http://www.w3.org/2000/svg';
  var W = 320;
  var H = 220;
  var PAD = 28;

  function element(tag, attributes, text, namespace) {
    var node = namespace ? document.createElementNS(namespace, tag) : document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, String(attributes[name]));
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  var svg = function (tag, attributes, text) {
    return element(tag, attributes, text, SVG);
  };

  function stepOf(t) {
    return t.pendingStatus || t.status;
  }
  function clock(at) {
    return new Date(at).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit' });
  }
  function km(metres) {
    return (metres / 1000).toLocaleString('es-CL', { maximumFractionDigits: 1 }) + ' km';
  }
  function changeText(change) {
    var step = change.pendingStatus || change.status;
    if (change.type === 'progressed') return texts.steps[step] || step;
    return texts.changes[change.type] || texts.steps[step] || change.type;
  }

  function drawState(t) {
    var state = document.getElementById('state');
    state.setAttribute('data-state', stepOf(t));
    state.textContent = texts.steps[stepOf(t)] || stepOf(t);
  }

  function drawOperator(t) {
    var box = document.getElementById('operator');
    box.replaceChildren();
    box.hidden = !t.operator;
    if (!t.operator) return;
    var list = element('dl');
    var add = function (term, value, id) {
      list.append(element('dt', {}, term), element('dd', { id: id }, value));
    };
    add(texts.operator, t.operator.firstName, 'operator-name');
    if (t.approach) {
      add(texts.distance, km(t.approach.distanceMetres), 'approach-distance');
      add(texts.eta, clock(Date.parse(t.updatedAt) + t.approach.durationSeconds * 1000), 'approach-eta');
    } else if (t.destination) {
      add(texts.trip, km(t.distanceMetres), 'trip-distance');
    }
    box.append(list);
  }

  function drawTimeline(t) {
    var list = document.getElementById('timeline');
    list.replaceChildren.apply(
      list,
      t.history.map(function (change) {
        var item = element('li', { 'data-type': change.type });
        item.append(element('time', { datetime: change.at }, clock(change.at)), ' ', changeText(change));
        return item;
      }),
    );
  }

  // The points on a plane: longitudes shrunk by the cosine of the latitude, fitted into the box.
  function drawMap(t) {
    var points = [{ at: t.origin, kind: 'origin' }];
    if (t.destination) points.push({ at: t.destination, kind: 'destination' });
    if (t.operator && t.operator.position) points.push({ at: t.operator.position, kind: 'operator' });
    var shrink = Math.cos((t.origin.latitude * Math.PI) / 180);
    var xs = points.map(function (p) {
      return p.at.longitude * shrink;
    });
    var ys = points.map(function (p) {
      return -p.at.latitude;
    });
    var minX = Math.min.apply(null, xs);
    var minY = Math.min.apply(null, ys);
    var spanX = Math.max(Math.max.apply(null, xs) - minX, 0.002);
    var spanY = Math.max(Math.max.apply(null, ys) - minY, 0.002);
    var scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
    var offsetX = (W - spanX * scale) / 2;
    var offsetY = (H - spanY * scale) / 2;
    var place = function (i) {
      return { x: offsetX + (xs[i] - minX) * scale, y: offsetY + (ys[i] - minY) * scale };
    };
    var map = svg('svg', { id: 'map', viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'Mapa' });
    map.append(svg('rect', { class: 'ground', x: 0, y: 0, width: W, height: H, rx: 8 }));
    var origin = place(0);
    points.forEach(function (point, i) {
      if (i === 0) return;
      var to = place(i);
      map.append(svg('line', { class: 'leg ' + point.kind, x1: origin.x, y1: origin.y, x2: to.x, y2: to.y }));
    });
    points.forEach(function (point, i) {
      var at = place(i);
      var mark = svg('g', { class: 'mark ' + point.kind, 'data-kind': point.kind });
      mark.append(svg('circle', { cx: at.x, cy: at.y, r: 7 }), svg('text', { x: at.x, y: at.y + 20 }, texts.map[point.kind]));
      mark.append(svg('title', {}, texts.map[point.kind]));
      map.append(mark);
    });
    document.getElementById('map-box').replaceChildren(map);
  }

  function draw(t) {
    drawState(t);
    drawOperator(t);
    drawTimeline(t);
    drawMap(t);
  }

  var live = document.getElementById('live');
  function liveness(state) {
    live.setAttribute('data-live', state);
    live.textContent = texts.live[state];
  }

  draw(data.tracking);
  // EventSource comes back by itself when the stream drops, and is sent the order as it then is.
  var source = new EventSource(location.pathname.replace(/\/+$/, '') + '/events');
  source.addEventListener('open', function () {
    liveness('live');
  });
  source.addEventListener('order', function (event) {
    draw(JSON.parse(event.data));
    liveness('live');
  });
  source.addEventListener('error', function () {
    liveness('lost');
  });
})();
