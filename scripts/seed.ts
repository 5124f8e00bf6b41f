// Placeholder until the demo seed lands: creates nothing.
console.log("seed: nothing to do yet");
