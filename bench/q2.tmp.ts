import { create } from 'superstruct';
import { TrackListQuerySchema } from '../shared/schemas/catalogueQuery';
import { countProducts, findProductPage } from '../server/catalogue/findProducts';
import { openDatabase } from '../server/db/openDatabase';
import { percentile } from './stats';
(async () => {
  const db = await openDatabase('sqlite:/tmp/fx/fx.sqlite');
  for (const search of ['take=20', 'genre=1&bpm=130,150&hidesold=true&take=20', 'key=C,G&scale=minor&mood=2&sortby=price-to-high&take=20', 'tags=dark,piano&price=300,600&take=20', 'category=supersale&vocalgender=female&sortby=price-to-low&skip=200&take=20', 'tags=dark&take=20', 'genre=3&mood=5&key=A&take=20', 'price=998,999&take=20', 'bpm=100,110&hidesold=true&take=20']) {
    const q = create(Object.fromEntries(new URLSearchParams(search)), TrackListQuerySchema);
    const a: number[] = [], b: number[] = [];
    let n = 0, total = 0;
    for (let i = 0; i < 120; i++) {
      let t = performance.now(); total = await countProducts(db.query, q); b.push(performance.now() - t);
      t = performance.now(); n = (await findProductPage(db.query, q, total)).length; a.push(performance.now() - t);
    }
    console.log(search.padEnd(80), 'page p50', percentile(a, 50).toFixed(2), 'p99', percentile(a, 99).toFixed(2), '| count p50', percentile(b, 50).toFixed(2), 'p99', percentile(b, 99).toFixed(2), n, total);
  }
  await db.close();
})();
