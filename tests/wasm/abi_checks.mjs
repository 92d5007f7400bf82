// ABI checks of one wasm engine for tests/wasm/test_wasm_abi.py; prints one JSON object.
//   node abi_checks.mjs LOADER WASM
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, wasm] = process.argv.slice(2);
const { loadEngine, EngineError } = await import(pathToFileURL(loader).href);
const bytes = readFileSync(wasm);
const out = { imports: WebAssembly.Module.imports(new WebAssembly.Module(bytes)) };
const engine = await loadEngine(bytes);
out.variant = engine.variant;
out.players = [engine.playersMin, engine.playersMax];
const game = engine.newGame(2, 42);
const before = game.state();
const refused = (f) => { try { f(); return null; } catch (e) { return e instanceof EngineError ? e.code : String(e); } };
out.illegalIndex = refused(() => game.apply(game.legalCount));
out.notAnAction = refused(() => game.apply("fly 1Z"));
out.illegalText = refused(() => game.apply("take"));  // the attacker can not take
out.badState = refused(() => game.setState('{"abi":1,"variant":"transfer","view":"00"}'));
out.otherVariant = refused(() => game.setState(before.replace('"transfer"', '"podkidnoy"')));
out.unchanged = game.state() === before;
out.noSeat = refused(() => game.observation(2));
out.noGame = refused(() => engine.newGame(engine.playersMax + 1, 1));
out.first = game.legalText(0);
out.outOfList = game.legalText(-1);
game.apply("ATTACK 8♦");  // suit symbols and any case, as parse_action reads them
out.afterSymbol = game.observation(0).table;
console.log(JSON.stringify(out));
